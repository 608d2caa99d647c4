import { useEffect, useState } from "preact/hooks";
import { encode } from "uqr";
import { api } from "./api";
import { clock, t, venueDay } from "./i18n";

type Kept = { ticket: string; expiresAt: string };

/** The last ticket fetched for a booking, so it still shows at a door with no signal. */
function kept(bookingId: string): Kept | null {
  const raw = localStorage.getItem("fairslot.ticket." + bookingId);
  return raw ? (JSON.parse(raw) as Kept) : null;
}

/**
 * A PAID booking's check-in ticket (GET /bookings/{id}/ticket): the signed JWS as a QR code large
 * enough for a door scanner, drawn here from the ticket's text (no image from a server). Fetched
 * again when online, since a transfer or a move makes the old one check nothing in.
 */
export function Ticket({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<Kept | null>(() => kept(bookingId));
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    if (!open) return;
    api.ticket(bookingId).then(
      (t) => {
        const k = { ticket: t.ticket, expiresAt: t.expiresAt };
        localStorage.setItem("fairslot.ticket." + bookingId, JSON.stringify(k));
        setShown(k);
        setOffline(false);
      },
      () => setOffline(true), // the kept ticket, if any, still shows
    );
  }, [open, bookingId]);
  return (
    <details class="ticket" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{t("ticket")}</summary>
      {shown ? (
        <figure data-ticket={bookingId}>
          <QrCode text={shown.ticket} label={t("ticketAlt")} />
          <figcaption class="note">
            {t("ticketValid")} {venueDay(shown.expiresAt)} {clock(shown.expiresAt)}
            {offline && <> · {t("ticketOffline")}</>}
          </figcaption>
        </figure>
      ) : (
        open && <p class="note">{offline ? t("ticketUnavailable") : t("loading")}</p>
      )}
    </details>
  );
}

/** A QR code as SVG squares, with the quiet zone scanners need. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const path: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && path.push(`M${x} ${y}h1v1h-1z`)));
  return (
    <svg class="qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label}
      shape-rendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path.join("")} fill="#000" />
    </svg>
  );
}
