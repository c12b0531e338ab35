// Cards and piles as the page sees them: names, short texts, accessible labels.
//
// A card id is an integer; its face is `id % 52`, its suit
// `["S", "H", "D", "C"][Math.floor(face / 13)]` and its rank `face % 13 + 1`.
// The id -1 stands for a face-down card whose identity the kernel keeps hidden.

/** @typedef {"S" | "H" | "D" | "C"} Suit */

/**
 * @typedef {object} CardInfo
 * @property {number} id     physical card id
 * @property {number} face   0..51
 * @property {Suit} suit
 * @property {number} rank   1 (ace) .. 13 (king)
 * @property {boolean} red   hearts and diamonds
 * @property {string} rankText  "A", "2" … "10", "J", "Q", "K"
 * @property {string} symbol    "♠", "♥", "♦", "♣"
 * @property {string} text      "7♠"
 * @property {string} name      "seven of spades"
 */

export const FACE_DOWN = -1;

/** @type {readonly Suit[]} */
export const SUITS = ["S", "H", "D", "C"];
export const SUIT_SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
export const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
export const RANK_TEXT = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const RANK_NAMES = [
  "", "ace", "two", "three", "four", "five", "six", "seven",
  "eight", "nine", "ten", "jack", "queen", "king",
];

/** @type {Map<number, CardInfo>} */
const cache = new Map();

/**
 * What a card id stands for; null for a face-down card (id < 0).
 * @param {number} id
 * @returns {CardInfo | null}
 */
export function cardInfo(id) {
  if (!Number.isInteger(id) || id < 0) return null;
  let info = cache.get(id);
  if (!info) {
    const face = id % 52;
    const suit = SUITS[Math.floor(face / 13)];
    const rank = (face % 13) + 1;
    info = {
      id,
      face,
      suit,
      rank,
      red: suit === "H" || suit === "D",
      rankText: RANK_TEXT[rank],
      symbol: SUIT_SYMBOLS[suit],
      text: RANK_TEXT[rank] + SUIT_SYMBOLS[suit],
      name: `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`,
    };
    cache.set(id, info);
  }
  return info;
}

/**
 * The accessible name of a card: "seven of spades" or "face-down card".
 * @param {number} id
 */
export function cardName(id) {
  const info = cardInfo(id);
  return info ? info.name : "face-down card";
}

/**
 * A short text of a card: "7♠", or "??" when it lies face down.
 * @param {number} id
 */
export function cardText(id) {
  const info = cardInfo(id);
  return info ? info.text : "??";
}

/**
 * "1 card", "4 cards", "0 cards".
 * @param {number} n
 */
export function cardsText(n) {
  return n === 1 ? "1 card" : `${n} cards`;
}

/**
 * The accessible label of a pile: "t3, tableau, 4 cards, top seven of
 * spades"; "stock, 40 cards" (a face-down top is not named; the role is not
 * said twice when the pile is named after it).
 * @param {string} pile
 * @param {string} role  the pile's role ("stock", "foundation", … the `pile_roles` trait)
 * @param {number} count
 * @param {number} [top]  the top card's id, -1 when face down
 */
export function pileLabel(pile, role, count, top = -1) {
  const base = !role || role === pile ? `${pile}, ${cardsText(count)}` : `${pile}, ${role}, ${cardsText(count)}`;
  return top >= 0 && count > 0 ? `${base}, top ${cardName(top)}` : base;
}
