// What real cards allow: the attack's card points, from the deck (RULES.md section 5;
// scorekeeper/scoring/cards.py). Every figure here counts half points: 182 is the whole
// deck's 91, so no sum ever leaves the whole numbers.

export const CHIEN_CARDS = {3: 6, 4: 6, 5: 3, 6: 6};
const OUDLERS = 3;
const OUDLER = 9;  // 4.5
const FACE_CARDS = [9, 7, 5, 3].flatMap((value) => [value, value, value, value]);
const LOW_CARD = 1;  // 0.5
const DECK = 78;
const ALL_POINTS = OUDLER * OUDLERS + FACE_CARDS.reduce((a, b) => a + b, 0)
  + LOW_CARD * (DECK - OUDLERS - FACE_CARDS.length);  // 182
const KINGS = 4;
const EXCUSE_KEPT = 8;  // 4: kept by a side that took no trick

// The attack's card points real cards allow, {least, most, step} in half points; null
// when no deal gives the attack ``oudlers`` oudlers with this chelem ``outcome``.
export function cardPoints(players, contract, outcome, oudlers) {
  const [attack, defence] = ownedCards(players, contract);
  if (outcome === "none") {
    const least = fewest(attack.cards + players, oudlers);
    const most = ALL_POINTS - fewest(defence.cards + players, OUDLERS - oudlers);
    return {least, most, step: players % 2 ? 1 : 2};
  }
  if (outcome === "defense") return withoutTrick(attack, oudlers);
  const kept = withoutTrick(defence, OUDLERS - oudlers);
  if (kept === null) return null;
  return {least: ALL_POINTS - kept.most, most: ALL_POINTS - kept.least, step: kept.step};
}

// Whether ``halves`` is among the points ``allowed``.
export function within(allowed, halves) {
  return allowed !== null && allowed.least <= halves && halves <= allowed.most
    && (halves - allowed.least) % allowed.step === 0;
}

function ownedCards(players, contract) {
  const chien = CHIEN_CARDS[players];
  if (contract === "garde_contre") return [{cards: 0, anyCard: true}, {cards: chien, anyCard: true}];
  return [{cards: chien, anyCard: contract === "garde_sans"}, {cards: 0, anyCard: true}];
}

function fewest(cards, oudlers) {
  return OUDLER * oudlers + LOW_CARD * (cards - oudlers);
}

function withoutTrick(owned, oudlers) {
  const ranges = [];
  for (const kept of [0, 1]) {
    if (oudlers - kept < 0 || oudlers - kept > OUDLERS - kept) continue;
    const [least, most] = holding(owned, oudlers - kept);
    if (least <= most) ranges.push([least + EXCUSE_KEPT * kept, most + EXCUSE_KEPT * kept]);
  }
  if (!ranges.length) return null;
  return {least: Math.min(...ranges.map((r) => r[0])), most: Math.max(...ranges.map((r) => r[1])), step: 2};
}

function holding(owned, oudlers) {
  const others = owned.cards - oudlers;
  if (others < 0 || (oudlers && !owned.anyCard)) return [2, 0];
  const faces = owned.anyCard ? FACE_CARDS : FACE_CARDS.slice(KINGS);
  const best = faces.slice(0, others).reduce((a, b) => a + b, 0) + LOW_CARD * Math.max(0, others - faces.length);
  return [fewest(owned.cards, oudlers), OUDLER * oudlers + best];
}
