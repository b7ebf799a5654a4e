// The "your turn" cue: the tab's title says so, and a short quiet tone plays when a turn begins
// (mutable; the choice is remembered by this browser).

const MUTED_KEY = "holesome.muted";
const PREFIX = "● Your turn · ";

export function turnCue() {
  let button = null;
  let audio = null;
  const muted = () => localStorage.getItem(MUTED_KEY) === "true";

  function label() {
    if (!button) return;
    button.textContent = muted() ? "♪ off" : "♪ on";
    button.title = muted() ? "The turn sound is off: click to hear it" : "The turn sound is on: click to mute it";
    button.setAttribute("aria-label", "Mute the turn sound");
    button.setAttribute("aria-pressed", String(muted()));
  }

  function chime() {
    if (muted()) return;
    try {
      audio ??= new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.04, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.25);
      document.body.dataset.chimes = String(Number(document.body.dataset.chimes ?? 0) + 1);
    } catch {
      // No sound on this browser: the title still says it is your turn.
    }
  }

  return {
    setup(toggle) {
      button = toggle;
      label();
      button.addEventListener("click", () => {
        localStorage.setItem(MUTED_KEY, String(!muted()));
        label();
      });
    },
    /** Call after each message: `now` whether it is this seat's turn, `before` whether it was. */
    turn(now, before, title) {
      document.title = now ? `${PREFIX}${title}` : title;
      if (now && !before) chime();
    },
  };
}
