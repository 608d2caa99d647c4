package fairslot.waitlist.app;

import fairslot.catalog.domain.Slot;
import fairslot.kernel.Refusal;
import fairslot.waitlist.domain.WaitlistEntry;
import java.util.Optional;

/**
 * Port: AUTO_HOLD's hold of an offered seat for the head of the line, as a PENDING_PAY booking. The
 * booking feature answers it; empty when held, else why it could not.
 */
@FunctionalInterface
public interface OfferHolds {
  Optional<Refusal> hold(WaitlistEntry offered, Slot slot, String actor);
}
