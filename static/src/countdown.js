// A tournament round with a time limit: the minutes left, shown at the table.

export function clock(left) {
  const seconds = Math.max(0, Math.round(left / 1000));
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `(${m}:${s < 10 ? "0" : ""}${s})`;
}

export function startCountdown() {
  const el = document.getElementById("countdown");
  if (!el) return;
  const ends = Date.parse(el.dataset.ends);
  const tick = () => { el.textContent = clock(ends - Date.now()); };
  tick();
  setInterval(tick, 1000);
}
