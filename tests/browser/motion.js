// What moves in the Game while the bots' moves are shown: the flying cards (.rl-w-ghost)
// added, the highlights (.rl-w-flash) set instead, the most animations running at once, and
// each stock count shown in turn. Read back from window.rlSeen.
() => {
  window.rlSeen = { ghosts: 0, flashes: 0, animations: 0, stocks: [] };
  const game = document.querySelector(".rl-w-game");
  const stock = () => Number((game.querySelector(".rl-w-stock").textContent.match(/\d+/) || [NaN])[0]);
  rlSeen.stocks.push(stock());
  new MutationObserver((records) => {
    if (stock() !== rlSeen.stocks.at(-1)) rlSeen.stocks.push(stock());
    for (const r of records) {
      for (const n of r.addedNodes) if (n.classList && n.classList.contains("rl-w-ghost")) rlSeen.ghosts += 1;
      if (r.type === "attributes" && r.target.classList.contains("rl-w-flash")) rlSeen.flashes += 1;
      const moving = document.getAnimations().filter((a) => a.effect && game.contains(a.effect.target));
      rlSeen.animations = Math.max(rlSeen.animations, moving.length);
    }
  }).observe(game, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["class"] });
}
