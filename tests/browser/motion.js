// What moves in the Game while the bots' moves are shown: the flying cards (.rl-w-ghost)
// added, the highlights (.rl-w-flash) set instead, and the most animations running at once.
// Read back from window.rlSeen.
() => {
  window.rlSeen = { ghosts: 0, flashes: 0, animations: 0 };
  const game = document.querySelector(".rl-w-game");
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) if (n.classList && n.classList.contains("rl-w-ghost")) rlSeen.ghosts += 1;
      if (r.type === "attributes" && r.target.classList.contains("rl-w-flash")) rlSeen.flashes += 1;
      const moving = document.getAnimations().filter((a) => a.effect && game.contains(a.effect.target));
      rlSeen.animations = Math.max(rlSeen.animations, moving.length);
    }
  }).observe(game, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
}
