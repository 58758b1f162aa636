// This browser's key for face sign-in (docs/decisions/0015-face-sign-in.md): an administrator, signed in
// here, enrols the device; WebCrypto makes an ECDSA P-256 key pair whose private half cannot be exported
// (not even by this page's scripts), kept in IndexedDB (through idb) per company, and the server keeps the
// public half. A face sign-in here signs the server's challenge and the descriptor with it
// (shared/faces/device_proof.ts): another browser, or a copied descriptor, has no such key.
import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { api } from "../../api.ts";
import {
  DEVICE_KEY,
  DEVICE_SIGNATURE,
  proofMessage,
  toBase64Url,
} from "../../../shared/faces/device_proof.ts";

export interface DeviceKey {
  /** The company (its slug) the device signs in to. */
  tenant: string;
  deviceId: number;
  name: string;
  privateKey: CryptoKey;
}

interface FaceDeviceDb extends DBSchema {
  keys: { key: string; value: DeviceKey };
}

let opened: Promise<IDBPDatabase<FaceDeviceDb>> | null = null;

function db(): Promise<IDBPDatabase<FaceDeviceDb>> {
  opened ??= openDB<FaceDeviceDb>("wms-face-device", 1, {
    upgrade(d) {
      d.createObjectStore("keys", { keyPath: "tenant" });
    },
  });
  return opened;
}

/** The key this browser holds for a company, if an administrator enrolled it there. */
export async function deviceKeyOf(tenant: string): Promise<DeviceKey | null> {
  if (typeof indexedDB === "undefined") return null;
  try {
    return (await (await db()).get("keys", tenant)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Enrols this browser for face sign-in at a company (an administrator, signed in there): a new key pair,
 * its public half sent, the private half kept. A key enrolled before is replaced here (withdraw the old
 * device in the list).
 */
export async function enrolThisDevice(tenant: string, name: string): Promise<DeviceKey> {
  const pair = await crypto.subtle.generateKey(DEVICE_KEY, false, ["sign", "verify"]) as CryptoKeyPair;
  const publicKey = await crypto.subtle.exportKey("jwk", pair.publicKey);
  const device = await api<{ id: number; name: string }>("POST", "/ComputerVision/devices", {
    name,
    publicKey,
  });
  const key = { tenant, deviceId: device.id, name: device.name, privateKey: pair.privateKey };
  await (await db()).put("keys", key);
  return key;
}

/** Signs a face sign-in: the server's challenge and the descriptor sent with it. */
export async function signProof(key: DeviceKey, challenge: string, descriptor: number[]): Promise<string> {
  const signature = await crypto.subtle.sign(
    DEVICE_SIGNATURE,
    key.privateKey,
    proofMessage(challenge, descriptor),
  );
  return toBase64Url(new Uint8Array(signature));
}
