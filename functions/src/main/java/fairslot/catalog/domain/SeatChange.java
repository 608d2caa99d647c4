package fairslot.catalog.domain;

import java.time.Instant;

/**
 * One move of a slot's stock as the seat audit records it: {@code remaining} before and after, who
 * moved it, when and why. {@code sequence} is the position of the write in the slot's history (the
 * table stream's sequence number): it orders changes made in the same millisecond and makes
 * recording the same change twice harmless.
 */
public record SeatChange(
    String slotId,
    String sequence,
    Instant at,
    int remainingBefore,
    int remainingAfter,
    String actor,
    String reason) {}
