// The ledger's switch for running totals on every row: shown at once, and remembered on
// this phone (a cookie, so that the server writes the next ledger the same way).

export function startRunningSwitch() {
  const box = document.querySelector('#running-switch input[type="checkbox"]');
  const table = document.getElementById("ledger");
  if (!box || !table) return;
  box.addEventListener("change", () => {
    table.classList.toggle("running", box.checked);
    document.cookie = `ledger_running=${box.checked ? "1" : "0"}; path=/; max-age=31536000; SameSite=Lax`;
  });
}
