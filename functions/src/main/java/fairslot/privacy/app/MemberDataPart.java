package fairslot.privacy.app;

import java.util.List;
import java.util.Map;

/**
 * One feature's share of what fairslot holds about a member (API.md v1.2 "Data rights"). Each
 * feature answers for its own items, in its own store room, so an export finds every kind and an
 * erasure writes every item through the one place that writes it.
 */
public interface MemberDataPart {
  /** The export's key for these records, e.g. {@code bookings}. */
  String name();

  /** The member's records as plain values, without keys, index attributes or secrets. */
  List<Map<String, Object>> export(String userId);

  /**
   * Removes the member's personal data from these records, keeping amounts and dates under {@code
   * pseudonym}. Idempotent: a run cut short is run again whole.
   */
  Step erase(String userId, String pseudonym);

  /** What an erasure step left. */
  sealed interface Step permits Step.Finished, Step.Waiting {
    record Finished(int changed) implements Step {}

    /**
     * Records still in use (an active booking, a live entry or pass) keep the member's id until
     * they end; the erasure runs again then.
     */
    record Waiting(int changed, int inUse) implements Step {}

    int changed();
  }
}
