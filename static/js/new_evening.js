// static/src/created.js
function startCreation() {
  const form = document.querySelector("form[data-replace]");
  if (!form || !window.fetch) return;
  let sent = false;
  form.addEventListener("submit", (event) => {
    if (sent) return;
    event.preventDefault();
    const data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    const again = () => {
      sent = true;
      form.requestSubmit(event.submitter || void 0);
    };
    fetch(form.action || window.location.href, { method: "POST", body: data, credentials: "same-origin" }).then((response) => {
      const made = new URL(response.url).pathname !== window.location.pathname;
      if (response.ok && response.redirected && made) window.location.replace(response.url);
      else again();
    }).catch(again);
  });
}

// static/src/pages/new_evening.js
startCreation();
