import { useState } from "preact/hooks";
import { api, ApiError } from "./api";
import { durationMs, lang, money, problem, t, word } from "./i18n";
import { usePoll } from "./poll";

type Props = { venueId: string; say: (message: string) => void; useVenue: (venueId: string) => void };

/** A form field, by what it asks for: never an ISO duration, an enum or minor units typed as text. */
type Field = { key: string; label: string; initial: string } & (
  | { kind: "text" | "time" | "date" }
  | { kind: "number"; min: number; max: number }
  | { kind: "select"; options: [value: string, label: string][] }
  /** An ISO 8601 duration, asked as a number and a unit. */
  | { kind: "duration" }
  /** Minor units, asked in major units of {@code currency}. */
  | { kind: "money"; currency: string }
  /** Several choices, kept comma-joined. */
  | { kind: "checks"; options: [value: string, label: string][] }
  /** Weekly start times on a week grid, kept comma-joined as DAY@HH:MM. */
  | { kind: "week" }
);

const HOURS = Array.from({ length: 17 }, (_, i) => `${String(6 + i).padStart(2, "0")}:00`);

/** HH:MM plus a duration, on the same day (null past midnight). */
function plus(start: string, iso: string): string | null {
  const [h, m] = start.split(":").map(Number);
  const end = h * 60 + m + durationMs(iso) / 60_000;
  if (end > 24 * 60 || end <= h * 60 + m) return null;
  return end === 24 * 60 ? "24:00" : `${String(Math.floor(end / 60)).padStart(2, "0")}:${String(end % 60).padStart(2, "0")}`;
}

const WEEKDAYS = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

function weekdayName(i: number): string {
  // 2024-01-01 was a Monday
  return new Intl.DateTimeFormat(lang.value, { weekday: "long" }).format(new Date(2024, 0, 1 + i));
}

function zones(): [string, string][] {
  const all: string[] = (Intl as unknown as { supportedValuesOf?: (k: string) => string[] })
    .supportedValuesOf?.("timeZone") ?? ["Asia/Shanghai", "UTC"];
  return all.map((z) => [z, z.replace(/_/g, " ")]);
}

/** Set-up: a venue, its resources (a combined court names its parts), a month of sessions. */
export function Admin({ venueId, say, useVenue }: Props) {
  const resources = usePoll(() => (venueId ? api.resources(venueId) : Promise.resolve({ items: [] })), 60000, [venueId]);
  const listed = resources.value?.items ?? [];
  async function act(work: () => Promise<string>, verb: "created" | "saved" = "created") {
    try {
      say(`${t(verb)}: ${await work()}`);
      resources.again();
    } catch (e) {
      say(e instanceof ApiError ? problem(e.problem) : String(e));
    }
  }
  const courts = listed.filter((r) => r.kind === "EXCLUSIVE" && !r.parts?.length);
  return (
    <div class="faces">
      <Form key="venue" title={t("createVenue")} id="venue"
        fields={[
          { key: "name", label: t("name"), initial: "Riverside Club", kind: "text" },
          { key: "timeZone", label: t("timeZone"), kind: "select", options: zones(),
            initial: Intl.DateTimeFormat().resolvedOptions().timeZone || "Asia/Shanghai" },
        ]}
        submit={(v) => act(async () => {
          const created = await api.createVenue(v.name, v.timeZone);
          useVenue(created.venueId);
          return `${v.name} · ${created.venueId}`;
        })} />
      {venueId && (
        <Form key="resource" title={t("createResource")} id="resource"
          fields={[
            { key: "name", label: t("name"), initial: "Court 1", kind: "text" },
            { key: "kind", label: t("kind"), kind: "select", initial: "EXCLUSIVE",
              options: [["EXCLUSIVE", word("EXCLUSIVE")], ["SEATS", word("SEATS")]] },
            { key: "capacity", label: t("capacity"), kind: "number", min: 1, max: 100000, initial: "1" },
            { key: "parts", label: t("parts"), kind: "checks", initial: "",
              options: courts.map((r) => [r.resourceId, r.name]) },
          ]}
          submit={(v) => act(async () => {
            const parts = v.parts.split(",").filter(Boolean);
            const created = await api.createResource(venueId, {
              name: v.name,
              kind: v.kind,
              capacity: Number(v.capacity),
              ...(parts.length ? { parts } : {}),
            });
            return `${v.name} · ${created.resourceId}`;
          })} />
      )}
      {venueId && (
        <Form key="coach" title={t("coach")} id="coach"
          fields={[{ key: "name", label: t("name"), initial: "Coach Li", kind: "text" }]}
          submit={(v) => act(async () => `${v.name} · ${(await api.createAssignee("coaches", venueId, v.name)).coachId}`)} />
      )}
      {venueId && (
        <Form key="room" title={t("room")} id="room"
          fields={[{ key: "name", label: t("name"), initial: "Studio 2", kind: "text" }]}
          submit={(v) => act(async () => `${v.name} · ${(await api.createAssignee("rooms", venueId, v.name)).roomId}`)} />
      )}
      {venueId && (
        <Form key="plan" title={t("plan")} id="plan"
          fields={[
            { key: "name", label: t("name"), initial: "Ten classes", kind: "text" },
            { key: "credits", label: t("credits"), initial: "10", kind: "text" },
            { key: "validity", label: t("validity"), initial: "P90D", kind: "duration" },
            { key: "priceMinor", label: t("price"), initial: "60000", kind: "money", currency: "CNY" },
          ]}
          submit={(v) => act(async () => {
            const created = await api.createPlan(venueId, {
              name: v.name,
              kind: v.credits.trim() ? "PACK" : "MEMBERSHIP",
              ...(v.credits.trim() ? { credits: Number(v.credits) } : {}),
              validity: v.validity, priceMinor: Number(v.priceMinor), currency: "CNY",
            });
            return `${v.name} · ${money(Number(v.priceMinor), "CNY")} · ${created.planId}`;
          })} />
      )}
      {venueId && (
        <Form key="policy" title={t("policy")} id="policy" button="save"
          fields={[
            { key: "holdDuration", label: t("holdDuration"), initial: "PT15M", kind: "duration" },
            { key: "cancelCutoff", label: t("cancelCutoff"), initial: "PT2H", kind: "duration" },
            { key: "offerDuration", label: t("offerDuration"), initial: "PT30M", kind: "duration" },
            { key: "waitlistMode", label: t("waitlistMode"), kind: "select", initial: "OFFER",
              options: [["OFFER", word("OFFER")], ["AUTO_HOLD", word("AUTO_HOLD")]] },
            { key: "maxPerBooking", label: t("maxPerBooking"), kind: "number", min: 1, max: 100, initial: "4" },
            { key: "prepaidRules", label: t("prepaidRules"), kind: "select", initial: "NONE",
              options: [["NONE", word("NONE")], ["CN-SH-2025", word("CN-SH-2025")]] },
            { key: "checkIn", label: t("checkInWindow"), kind: "select", initial: "",
              options: [["", t("checkInAnyTime")], ["PT30M/PT15M", t("checkIn30")], ["PT1H/PT30M", t("checkIn60")]] },
          ]}
          submit={(v) => act(async () => {
            const { checkIn, ...rest } = v;
            const [opensBefore, closesAfter] = checkIn.split("/");
            await api.editPolicy(venueId, {
              ...rest,
              maxPerBooking: Number(v.maxPerBooking),
              checkIn: checkIn ? { opensBefore, closesAfter } : null,
            });
            return t("policy");
          }, "saved")} />
      )}
      {venueId && (
        <Form key="generate" title={t("generate")} id="generate"
          fields={[
            { key: "resourceId", label: t("court"), kind: "select", initial: listed[0]?.resourceId ?? "",
              options: listed.map((r) => [r.resourceId, r.name]) },
            { key: "from", label: t("from"), kind: "date", initial: new Date().toISOString().slice(0, 10) },
            { key: "to", label: t("to"), kind: "date",
              initial: new Date(Date.now() + 30 * 86400_000).toISOString().slice(0, 10) },
            { key: "week", label: t("weekGrid"), kind: "week", initial: "TUE@18:00" },
            { key: "length", label: t("sessionLength"), kind: "duration", initial: "PT1H" },
            { key: "priceMinor", label: t("price"), kind: "money", currency: "CNY", initial: "8000" },
            { key: "peakPriceMinor", label: t("peakPrice"), kind: "money", currency: "CNY", initial: "" },
          ]}
          submit={(v) => act(async () => {
            // Peak: evenings from 17:00 and weekends, at their own price when one is given.
            const peak = v.peakPriceMinor === "" ? null : Number(v.peakPriceMinor);
            const weekly = v.week.split(",").filter(Boolean).map((cell) => {
              const [dayOfWeek, start] = cell.split("@");
              const end = plus(start, v.length);
              if (!end) throw new Error(t("pastMidnight"));
              const isPeak = dayOfWeek === "SAT" || dayOfWeek === "SUN" || start >= "17:00";
              return { dayOfWeek, start, end, ...(peak !== null && isPeak ? { priceMinor: peak } : {}) };
            });
            const r = await api.generate({
              resourceId: v.resourceId, from: v.from, to: v.to, weekly,
              priceMinor: Number(v.priceMinor), currency: "CNY",
            });
            const name = listed.find((x) => x.resourceId === v.resourceId)?.name ?? v.resourceId;
            return `${r.created} ${t("slots")} · ${name}`;
          })} />
      )}
    </div>
  );
}

/** Splits an ISO duration the form offers (PTnM, PTnH, PnD) into a number and its unit. */
function splitDuration(iso: string): [string, "M" | "H" | "D"] {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(iso);
  if (!m) return ["", "M"];
  if (m[1]) return [m[1], "D"];
  if (m[2]) return [m[2], "H"];
  return [m[3] ?? "0", "M"];
}

function joinDuration(n: string, unit: string): string {
  return unit === "D" ? `P${n}D` : `PT${n}${unit}`;
}

function digitsOf(currency: string): number {
  return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

function Form(p: {
  title: string;
  id: string;
  fields: Field[];
  button?: "create" | "save";
  submit: (values: Record<string, string>) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(p.fields.map((f) => [f.key, f.initial])),
  );
  const set = (key: string, value: string) => setValues({ ...values, [key]: value });
  // a choice whose options arrived after the form was made (the venue's resources) defaults to the first
  const value = (f: Field) =>
    f.kind === "select" && !values[f.key] && f.options.length ? f.options[0][0] : values[f.key];
  return (
    <section aria-labelledby={p.id + "-h"}>
      <h2 id={p.id + "-h"}>{p.title}</h2>
      <form class="form" onSubmit={(e) => {
        e.preventDefault();
        p.submit(Object.fromEntries(p.fields.map((f) => [f.key, value(f)])));
      }}>
        {p.fields.map((f) => {
          const name = p.id + "-" + f.key;
          const input = (e: Event) => (e.target as HTMLInputElement).value;
          switch (f.kind) {
            case "select":
              return (
                <label key={f.key}>
                  {f.label}
                  <select name={name} value={value(f)} onChange={(e) => set(f.key, input(e))}>
                    {f.options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
                  </select>
                </label>
              );
            case "duration": {
              const [n, unit] = splitDuration(values[f.key]);
              return (
                <fieldset key={f.key} class="pair">
                  <legend>{f.label}</legend>
                  <input name={name} type="number" min={0} aria-label={f.label} value={n}
                    onInput={(e) => set(f.key, joinDuration(input(e), unit))} />
                  <select name={name + "-unit"} aria-label={t("unit")} value={unit}
                    onChange={(e) => set(f.key, joinDuration(n, input(e)))}>
                    <option value="M">{t("minutes")}</option>
                    <option value="H">{t("hours")}</option>
                    <option value="D">{t("days")}</option>
                  </select>
                </fieldset>
              );
            }
            case "money": {
              const digits = digitsOf(f.currency);
              const major = values[f.key] === "" ? "" : String(Number(values[f.key]) / 10 ** digits);
              return (
                <label key={f.key}>
                  {f.label} ({f.currency})
                  <input name={name} type="number" min={0} step={1 / 10 ** digits} value={major}
                    onInput={(e) => set(f.key, String(Math.round(Number(input(e)) * 10 ** digits)))} />
                </label>
              );
            }
            case "week": {
              const chosen = values[f.key].split(",").filter(Boolean);
              const toggle = (cell: string, on: boolean) =>
                set(f.key, (on ? [...chosen, cell] : chosen.filter((x) => x !== cell)).join(","));
              return (
                <fieldset key={f.key} class="week">
                  <legend>{f.label}</legend>
                  <table>
                    <thead>
                      <tr><th scope="col"><span class="sr">{t("start")}</span></th>
                        {WEEKDAYS.map((d, i) => <th scope="col" key={d}>{weekdayName(i).slice(0, 3)}</th>)}</tr>
                    </thead>
                    <tbody>
                      {HOURS.map((hour) => (
                        <tr key={hour}>
                          <th scope="row">{hour}</th>
                          {WEEKDAYS.map((d, i) => {
                            const cell = `${d}@${hour}`;
                            return (
                              <td key={cell}>
                                <label class="check">
                                  <input type="checkbox" name={name} value={cell} checked={chosen.includes(cell)}
                                    onChange={(e) => toggle(cell, (e.target as HTMLInputElement).checked)} />
                                  <span class="sr">{weekdayName(i)} {hour}</span>
                                </label>
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </fieldset>
              );
            }
            case "checks": {
              const chosen = values[f.key].split(",").filter(Boolean);
              return (
                <fieldset key={f.key}>
                  <legend>{f.label}</legend>
                  {f.options.length === 0 && <span class="note">{t("none")}</span>}
                  {f.options.map(([v, l]) => (
                    <label key={v} class="check">
                      <input type="checkbox" name={name} value={v} checked={chosen.includes(v)}
                        onChange={(e) => set(f.key, ((e.target as HTMLInputElement).checked
                          ? [...chosen, v] : chosen.filter((x) => x !== v)).join(","))} />
                      {l}
                    </label>
                  ))}
                </fieldset>
              );
            }
            case "number":
              return (
                <label key={f.key}>
                  {f.label}
                  <input name={name} type="number" min={f.min} max={f.max} value={values[f.key]}
                    onInput={(e) => set(f.key, input(e))} />
                </label>
              );
            case "time":
            case "date":
              return (
                <label key={f.key}>
                  {f.label}
                  <input name={name} type={f.kind} value={values[f.key]} onInput={(e) => set(f.key, input(e))} />
                </label>
              );
            default:
              return (
                <label key={f.key}>
                  {f.label}
                  <input name={name} value={values[f.key]} onInput={(e) => set(f.key, input(e))} />
                </label>
              );
          }
        })}
        <button type="submit">{t(p.button ?? "create")}</button>
      </form>
    </section>
  );
}
