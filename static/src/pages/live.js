// A page that follows what changes elsewhere, and keeps nothing on the phone: a ledger
// through its view link, the organiser's dashboard, the public ranking and its
// projector, a table card waiting for its round.

import {followConnection} from "../connection.js";
import {startCountdown} from "../countdown.js";
import {startLive} from "../live.js";
import {startRunningSwitch} from "../running.js";
import {registerWorker} from "../worker.js";

registerWorker();
followConnection();
startLive();
startRunningSwitch();
startCountdown();
