// "Say the deal" on the deal form: the field is there from the first paint (the page
// hides it only where scripts cannot run), and its script (sentence.js) is loaded when
// the person starts using it: a tap or the focus in the field, a tap on its buttons.
// What they asked for meanwhile (Read, the microphone, Enter) is done once it is loaded.

export const hasSpeech = () => Boolean(window.SpeechRecognition || window.webkitSpeechRecognition);

export function startSentenceField(box) {
  if (!box || box.dataset.ready) return;
  box.dataset.ready = "1";
  const form = box.closest("form");
  const mic = box.querySelector("[data-sentence-mic]");
  if (mic && hasSpeech()) mic.hidden = false;
  let loading = null;
  // The script, once; not to be had (a page of the release before, the server gone):
  // the field says it cannot read, and the taps work as always.
  const load = () => {
    loading = loading || import("./sentence.js").catch((error) => {
      loading = null;
      const status = box.querySelector("[data-sentence-status]");
      status.textContent = JSON.parse(box.dataset.words).failed;
      status.classList.add("error");
      throw error;
    });
    return loading;
  };
  const then = (work) => () => load().then(work).catch(() => {});
  box.addEventListener("focusin", then(() => {}));
  box.addEventListener("pointerdown", then(() => {}));
  box.querySelector("#sentence").addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();  // read the sentence, do not send the form
    then((sentence) => sentence.read(box))();
  });
  box.querySelector("[data-sentence-read]").addEventListener("click", then((sentence) => sentence.read(box)));
  if (mic) mic.addEventListener("click", then((sentence) => sentence.listen(box, mic)));
  // A choice made by hand is no longer missing.
  if (form) {
    form.addEventListener("change", (event) => {
      const marked = event.target.closest && event.target.closest(".sentence-missing");
      if (marked) marked.classList.remove("sentence-missing");
    });
  }
}
