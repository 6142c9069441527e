// A creation form (a new evening) with JavaScript: it is sent in the background, and what
// it made replaces the form in the phone's history. Back from the new evening then goes
// where the person was before the form (never to the form again, blank, from which a
// table might start a second evening, nor, offline, to a page the phone never kept).
// Without JavaScript, or when the server cannot be reached, the form posts as always.

export function startCreation() {
  const form = document.querySelector("form[data-replace]");
  if (!form || !window.fetch) return;
  let sent = false;
  form.addEventListener("submit", (event) => {
    if (sent) return;
    event.preventDefault();
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    const again = () => {
      sent = true;  // the server has something to say about the form: its own page
      form.requestSubmit(event.submitter || undefined);
    };
    fetch(form.action || window.location.href, {method: "POST", body: data, credentials: "same-origin"})
      .then((response) => {
        const made = new URL(response.url).pathname !== window.location.pathname;
        if (response.ok && response.redirected && made) window.location.replace(response.url);
        else again();
      }).catch(again);
  });
}
