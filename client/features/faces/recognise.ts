// Face detection and recognition in the browser (issue 19) with @vladmandic/face-api and the models it
// ships: the tiny face detector, the 68-point landmarks and the recognition net, loaded on first use from
// the build's copy of them. A camera frame becomes one descriptor (128 numbers) when it shows exactly one
// face, seen well; the picture itself never leaves the browser.
declare const __FACE_MODELS__: string | undefined;

type FaceApi = typeof import("@vladmandic/face-api");

/** The spec's auto-recognition on the sign-in screen: a try every 10 seconds. */
export const AUTO_RECOGNISE_MS = 10_000;
/** Samples an enrolment takes, and the pause between two. */
export const ENROL_SAMPLES = 5;
export const SAMPLE_PAUSE_MS = 400;

let loaded: Promise<FaceApi> | undefined;

/** The library and its three models, once per page. */
export function faceApi(): Promise<FaceApi> {
  loaded ??= (async () => {
    const f = await import("@vladmandic/face-api");
    // WebGL where the device has it, else the CPU (the bundle's WebAssembly backend would need its binary
    // and a looser content security policy).
    const tf = f.tf as unknown as { setBackend(name: string): Promise<boolean>; ready(): Promise<void> };
    if (!(await tf.setBackend("webgl").catch(() => false))) await tf.setBackend("cpu");
    await tf.ready();
    const base = typeof __FACE_MODELS__ === "string" ? __FACE_MODELS__ : "/assets/face-models";
    await Promise.all([
      f.nets.tinyFaceDetector.loadFromUri(base),
      f.nets.faceLandmark68Net.loadFromUri(base),
      f.nets.faceRecognitionNet.loadFromUri(base),
    ]);
    return f;
  })();
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/** The catalogue's message of a frame that shows no face seen well (the server's code, said here first). */
export type Described = { descriptor: number[] } | { error: "apiError.face.notDetected" };

/** The smallest a face may be in the frame (pixels across) to be seen well enough. */
const MIN_FACE = 60;

/** One frame's face: exactly one, detected with confidence and big enough; else face.notDetected. */
export async function describeFace(video: HTMLVideoElement): Promise<Described> {
  const f = await faceApi();
  if (!video.videoWidth) return { error: "apiError.face.notDetected" };
  const faces = await f.detectAllFaces(
    video,
    new f.TinyFaceDetectorOptions({ inputSize: 320, scoreThreshold: 0.5 }),
  )
    .withFaceLandmarks().withFaceDescriptors();
  if (faces.length !== 1) return { error: "apiError.face.notDetected" };
  const d = faces[0].detection;
  if (d.score < 0.6 || d.box.width < MIN_FACE) return { error: "apiError.face.notDetected" };
  return { descriptor: Array.from(faces[0].descriptor) };
}
