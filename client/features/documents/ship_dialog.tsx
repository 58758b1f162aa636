// A release document's parcels shipped by a delivery carrier (issue 19): the carrier account, its service
// and the parcels' weights (and sizes); the label comes back as a PDF attached to the document and its
// tracking number becomes the document's transport document number.
import { useEffect, useState } from "react";
import { api } from "../../api.ts";
import { errorMessage } from "../../errors.ts";
import { useT } from "../../i18n/use_t.ts";
import { pushToast } from "../../state.ts";
import { Button, Notice, Select, TextField } from "../../ui/controls.tsx";
import { DialogFooter, ModalDialog } from "../../ui/modal.tsx";
import { NumberField } from "../../ui/number_field.tsx";
import type { PlainKey } from "../list/meta.ts";
import { useVerb } from "../dialogs/use_verb.ts";
import * as css from "./documents.css.ts";

interface Carrier {
  id: number;
  description: string | null;
  baseUrl: string;
}

interface Parcel {
  weightKg: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
}

const empty: Parcel = { weightKg: null, lengthCm: null, widthCm: null, heightCm: null };

export function ShipDialog(
  p: { documentId: number; number: string; onClose: () => void; onShipped: () => void },
) {
  const t = useT();
  const [carriers, setCarriers] = useState<Carrier[] | null>(null);
  const [carrier, setCarrier] = useState("");
  const [serviceCode, setServiceCode] = useState("ups_ground");
  const [parcels, setParcels] = useState<Parcel[]>([{ ...empty }]);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const verb = useVerb({ show: "notice" });
  useEffect(() => {
    api<Carrier[]>("GET", "/ExternalCredentials/carriers").then((list) => {
      setCarriers(list);
      if (list[0]) setCarrier(String(list[0].id));
    }, (err) => setLoadFailure(errorMessage(t, err)));
  }, [t]);
  const set = (i: number, change: Partial<Parcel>) =>
    setParcels((old) => old.map((x, k) => (k === i ? { ...x, ...change } : x)));

  function ship() {
    setLoadFailure(null);
    return verb.run(
      () =>
        api<{ trackingNumber: string }>("POST", `/WmsDocument/${p.documentId}/ship`, {
          credentialsId: Number(carrier),
          serviceCode,
          packages: parcels,
        }),
      {
        done: (r) => {
          pushToast("info", t.t("ship.done", { number: p.number, tracking: r.trackingNumber }));
          p.onShipped();
        },
      },
    );
  }
  const errors = verb.fields;
  const message = verb.refusal ?? loadFailure;

  return (
    <ModalDialog
      title={t.t("ship.title", { number: p.number })}
      isOpen
      onOpenChange={(o) => !o && p.onClose()}
    >
      <div className={css.section} data-testid="ship-dialog">
        {message ? <Notice kind="error">{message}</Notice> : null}
        {carriers && carriers.length === 0 ? <Notice>{t.t("ship.noCarrier")}</Notice> : null}
        {carriers && carriers.length
          ? (
            <>
              <Select
                label={t.t("ship.carrier")}
                value={carrier}
                options={carriers.map((c) => ({ id: String(c.id), label: c.description || c.baseUrl }))}
                onChange={setCarrier}
                errors={errors.credentialsId}
              />
              <TextField
                name="serviceCode"
                label={t.t("ship.service")}
                value={serviceCode}
                onChange={setServiceCode}
                description={t.t("ship.serviceHint")}
                errors={errors.serviceCode}
              />
              {parcels.map((x, i) => (
                <div key={i} className={css.header} data-testid="ship-parcel">
                  <NumberField
                    name={`weight-${i}`}
                    label={t.t("ship.weight")}
                    unit="kg"
                    value={x.weightKg}
                    onChange={(v) => set(i, { weightKg: v })}
                    minValue={0}
                    isRequired
                    errors={errors[`packages.${i}.weightKg`]}
                  />
                  {(["lengthCm", "widthCm", "heightCm"] as const).map((k) => (
                    <NumberField
                      key={k}
                      name={`${k}-${i}`}
                      label={t.t(`ship.${k}` as PlainKey)}
                      unit="cm"
                      value={x[k]}
                      onChange={(v) => set(i, { [k]: v })}
                      minValue={0}
                    />
                  ))}
                </div>
              ))}
              <div>
                <Button quiet onPress={() => setParcels((old) => [...old, { ...empty }])}>
                  {t.t("ship.addParcel")}
                </Button>
              </div>
              {errors.contractorId ? <Notice kind="error">{t.t("ship.badAddress")}</Notice> : null}
              {errors.shipFrom ? <Notice kind="error">{t.t("ship.badOwnAddress")}</Notice> : null}
              <DialogFooter>
                <Button isDisabled={verb.busy || !carrier} onPress={() => void ship()}>
                  {t.t("ship.buy")}
                </Button>
              </DialogFooter>
            </>
          )
          : null}
      </div>
    </ModalDialog>
  );
}
