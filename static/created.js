// A creation form (a new evening) with JavaScript: it is sent in the background, and what
// it made replaces the form in the phone's history. Back from the new evening then goes
// where the person was before the form (never to the form again, blank, from which a
// table might start a second evening, nor, offline, to a page the phone never kept).
// Without JavaScript, or when the server cannot be reached, the form posts as always.
(function () {
  "use strict";
  var form = document.querySelector("form[data-replace]");
  if (!form || !window.fetch) return;
  var sent = false;
  form.addEventListener("submit", function (event) {
    if (sent) return;
    event.preventDefault();
    var data = new FormData(form);
    if (event.submitter && event.submitter.name) data.set(event.submitter.name, event.submitter.value);
    fetch(form.action || window.location.href, {
      method: "POST", body: data, credentials: "same-origin"
    }).then(function (response) {
      var made = new URL(response.url).pathname !== window.location.pathname;
      if (response.ok && response.redirected && made) {
        window.location.replace(response.url);
      } else {
        sent = true;  // the server has something to say about the form: its own page
        form.requestSubmit(event.submitter || undefined);
      }
    }).catch(function () {
      sent = true;
      form.requestSubmit(event.submitter || undefined);
    });
  });
})();
