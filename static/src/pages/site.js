// The pages the phone keeps for offline use that need nothing else (home, a club's
// page): the service worker registered, "No connection" on a copy.

import {followConnection} from "../connection.js";
import {registerWorker} from "../worker.js";

registerWorker();
followConnection();
