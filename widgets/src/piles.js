// The table as a round's views show it: the melds laid down, the stock and the discard pile.
// The Game and the Replay make these parts the same way and fill them each in their own.
import { el, uniqueId } from "./dom.js";

/** The melds' group and the piles (stock, top of the discard pile), made once; with a card
 * back (`back`, a node), the stock is drawn face down with its count under it (`stockPile`). */
export function tableParts(texts, back = null) {
  const melds = el("div", "rl-w-melds");
  melds.setAttribute("role", "group");
  melds.setAttribute("aria-label", texts.table);
  const piles = el("div", "rl-w-piles");
  const stock = el("span", "rl-w-stock");
  let stockPile = stock;
  if (back) {
    stockPile = el("div", "rl-w-stock-pile");
    stockPile.append(back, stock);
  }
  const pile = el("div", "rl-w-discard");
  const pileTop = el("span", "rl-w-pile-top");
  pile.append(el("span", "rl-w-label", texts.discard_pile), pileTop);
  piles.append(stockPile, pile);
  return { melds, piles, stock, stockPile, pile, pileTop };
}

/** A meld on the table: a group named by its number (box.rlNumber), its cards' row (box.rlRow). */
export function meldBox() {
  const box = el("div", "rl-w-meld");
  box.setAttribute("role", "group");
  const number = el("span", "rl-w-meld-number");
  number.id = uniqueId("rl-w-meld");
  box.setAttribute("aria-labelledby", number.id);
  const row = el("div", "rl-w-row rl-w-meld-cards");
  box.append(number, row);
  Object.assign(box, { rlNumber: number, rlRow: row });
  return box;
}
