// The table: how many sit at it, how many play each deal (scorekeeper/scoring/table.py).
// A table of 5 or 6 where the dealer sits each deal out plays the game of one player
// fewer; 6 players play with a King and a Queen called.
function mode(seated, dealerSitsOut) {
  return Object.freeze({seated, dealerSitsOut, playing: dealerSitsOut ? seated - 1 : seated});
}

export const TABLE_MODES = Object.freeze({
  three: mode(3, false),
  four: mode(4, false),
  five: mode(5, false),
  five_dealer_out: mode(5, true),
  six_dealer_out: mode(6, true),
  six: mode(6, false),
});
