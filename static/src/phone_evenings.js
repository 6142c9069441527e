// The home page's list of the evenings started on this phone with no network that the
// server does not have yet (the phone's store, "evenings"): each opens its page, where
// it is scored and from where it is sent. A page kept offline lists none of them itself.

import {phoneStore, storeWorks} from "./store.js";

export function listPhoneEvenings(doc = document) {
  const box = doc.getElementById("phone-evenings");
  if (!box || !storeWorks()) return Promise.resolve();
  return phoneStore.evenings().then((list) => {
    const waiting = list.filter((e) => e.state !== "sent").sort((a, b) => b.time - a.time);
    box.querySelector("ul").replaceChildren(...waiting.map((evening) => {
      const li = doc.createElement("li");
      const a = doc.createElement("a");
      a.href = `${box.dataset.page}#${evening.edit}`;
      a.textContent = evening.name || evening.seating.join(", ");
      li.append(a);
      if (evening.name) {
        const who = doc.createElement("span");
        who.className = "muted";
        who.textContent = " " + evening.seating.join(", ");
        li.append(who);
      }
      return li;
    }));
    box.hidden = !waiting.length;
  }).catch(() => {});
}
