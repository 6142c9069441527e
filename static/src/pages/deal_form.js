// The deal form's page (/e/<link>/deals/new, and a deal's correction): the form, its
// preview, Save through the phone's queue, the screen kept awake, "Say the deal" loaded
// when used. After a Save in place the next form is the server's, put in place of this
// one: the page says so with a "tarot:deal-page" event, and the form's scripts start again.

import {followConnection} from "../connection.js";
import {startForm} from "../form.js";
import {startPreview} from "../preview.js";
import {NEXT_PAGE, startSave} from "../save.js";
import {startSentenceField} from "../sentence_field.js";
import {startQueue} from "../waiting.js";
import {keepAwake} from "../wake.js";
import {registerWorker} from "../worker.js";

registerWorker();
followConnection();
const line = startQueue();

function start() {
  const form = document.getElementById("deal-form");
  if (!form) return;
  const preview = startPreview(form);
  startForm(form, preview);
  startSentenceField(document.getElementById("sentence-box"));
  if (line) startSave(form, line);
}

document.addEventListener(NEXT_PAGE, start);
start();
keepAwake();
