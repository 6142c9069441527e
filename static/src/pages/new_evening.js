// A new evening's form: sent in the background, its evening in its place in history.

import {startCreation} from "../created.js";

startCreation();
