// An evening's ledger through its edit link: it follows the other phones, lists the
// deals this phone keeps and sends them, keeps the screen awake, and its switch of
// running totals; a tournament table's shows the round's time left.

import {followConnection} from "../connection.js";
import {startCountdown} from "../countdown.js";
import {startLive} from "../live.js";
import {startRunningSwitch} from "../running.js";
import {startQueue} from "../waiting.js";
import {keepAwake} from "../wake.js";
import {registerWorker} from "../worker.js";

registerWorker();
followConnection();
startQueue();
startLive();
startRunningSwitch();
startCountdown();
keepAwake();
