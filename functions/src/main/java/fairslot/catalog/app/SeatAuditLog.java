package fairslot.catalog.app;

import fairslot.catalog.domain.SeatChange;

/** Where seat changes are recorded, in the audit of their slot. Recording one twice is harmless. */
public interface SeatAuditLog {
  void record(SeatChange change);
}
