// The pages the phone keeps for offline use that need nothing else (home, a club's
// page): the service worker registered, "No connection" on a copy, and on the home page
// the evenings started on this phone with no network.

import {followConnection} from "../connection.js";
import {listPhoneEvenings} from "../phone_evenings.js";
import {registerWorker} from "../worker.js";

registerWorker();
followConnection();
listPhoneEvenings();
