// What the operator hears and feels after a scan (issue 15): a short high beep for a good one; a low
// double tone and a vibration for a refused one, loud enough for a cold store and told apart without
// looking. Web Audio makes the tones (no sound files to cache); a device without it stays silent.
let audio: AudioContext | null = null;

function tone(frequency: number, start: number, length: number): void {
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "square";
  osc.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, audio.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.25, audio.currentTime + start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + start + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(audio.currentTime + start);
  osc.stop(audio.currentTime + start + length + 0.02);
}

/** Browsers allow sound only after a gesture: called on the operator's first touch or key. */
export function unlockSound(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
  } catch { /* no Web Audio: silent */ }
}

export function feedback(kind: "ok" | "error"): void {
  if (kind === "ok") {
    tone(1760, 0, 0.08);
    navigator.vibrate?.(30);
  } else {
    tone(220, 0, 0.18);
    tone(180, 0.22, 0.25);
    navigator.vibrate?.([120, 60, 200]);
  }
}
