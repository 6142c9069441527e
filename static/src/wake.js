// The screen stays awake while a sheet is open: at the card table the phone lies on the
// cloth between deals, and a dark screen means unlocking it for every deal. Screen Wake
// Lock where the browser has it (it needs HTTPS or localhost); elsewhere, nothing.

export function keepAwake() {
  if (!("wakeLock" in navigator)) return;
  let lock = null;
  const take = () => {
    if (document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then((sentinel) => {
      lock = sentinel;
      document.documentElement.dataset.awake = "1";
      sentinel.addEventListener("release", () => {
        lock = null;
        delete document.documentElement.dataset.awake;
      });
    }).catch(() => {});  // refused (battery saver, no permission): the screen may sleep
  };
  // The browser lets go of the lock when the page is hidden: take it again on return.
  document.addEventListener("visibilitychange", take);
  take();
}
