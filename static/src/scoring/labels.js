// The words of a score's explanation, line by line, in French and in English
// (scorekeeper/scoring/labels.py, word for word).

export const LABELS = {
  base: {
    en: "{contract}: (25 + {margin}) × {coef}",
    fr: "{contract} : (25 + {margin}) × {coef}",
  },
  poignee: {
    en: "Poignée {size}",
    fr: "Poignée {size}",
  },
  poignee_multiplied: {
    en: "Poignée {size}: {value} × {coef}",
    fr: "Poignée {size} : {value} × {coef}",
  },
  petit_attack: {
    en: "Petit au bout (attack): 10 × {coef}",
    fr: "Petit au bout (attaque) : 10 × {coef}",
  },
  petit_defense: {
    en: "Petit au bout (defence): 10 × {coef}",
    fr: "Petit au bout (défense) : 10 × {coef}",
  },
  petit_player: {
    en: "Petit au bout ({name})",
    fr: "Petit au bout ({name})",
  },
  chelem_announced_made: {
    en: "Chelem announced and made",
    fr: "Chelem annoncé et réussi",
  },
  chelem_made: {
    en: "Chelem made, not announced",
    fr: "Chelem réussi sans annonce",
  },
  chelem_announced_failed: {
    en: "Chelem announced, not made",
    fr: "Chelem annoncé et chuté",
  },
  chelem_defense: {
    en: "Chelem by the defence",
    fr: "Chelem de la défense",
  },
  misere: {
    en: "Misère ({name})",
    fr: "Misère ({name})",
  },
  share_alone: {
    en: "{name}, the taker, alone: {defenders} × {unit} = {points}",
    fr: "{name}, preneur seul : {defenders} × {unit} = {points}",
  },
  share_taker: {
    en: "{name}, the taker: {fraction} of {total} = {value}",
    fr: "{name}, preneur : {fraction} de {total} = {value}",
  },
  share_taker_king: {
    en: "{name}, the taker, with the King's share: {fraction} of {total} = {value}",
    fr: "{name}, preneur, avec la part du Roi : {fraction} de {total} = {value}",
  },
  share_taker_queen: {
    en: "{name}, the taker, with the Queen's share: {fraction} of {total} = {value}",
    fr: "{name}, preneur, avec la part de la Dame : {fraction} de {total} = {value}",
  },
  share_king: {
    en: "{name}, who held the King: {fraction} of {total} = {value}",
    fr: "{name}, qui tenait le Roi : {fraction} de {total} = {value}",
  },
  share_queen: {
    en: "{name}, who held the Queen: {fraction} of {total} = {value}",
    fr: "{name}, qui tenait la Dame : {fraction} de {total} = {value}",
  },
  share_king_and_queen: {
    en: "{name}, who held the King and the Queen: {fraction} of {total} = {value}",
    fr: "{name}, qui tenait le Roi et la Dame : {fraction} de {total} = {value}",
  },
};

export const CONTRACT_NAMES = {
  prise: {en: "Prise", fr: "Prise"},
  garde: {en: "Garde", fr: "Garde"},
  garde_sans: {en: "Garde sans", fr: "Garde sans"},
  garde_contre: {en: "Garde contre", fr: "Garde contre"},
};
