// The scoring twin (static/src/scoring/, bundled as js/scoring.js), loaded the first time
// a deal is scored on the phone: never on a page's first view, which stays light. It
// answers as POST /api/v1/score would: {status, body}.

let loading = null;

// The twin's module, loaded once.
export function twin() {
  loading = loading || import("./scoring.js").catch((error) => {
    loading = null;  // try again at the next deal
    throw error;
  });
  return loading;
}

export function twinScore(body, lang) {
  return twin().then((module) => module.scoreRequest(body, lang));
}
