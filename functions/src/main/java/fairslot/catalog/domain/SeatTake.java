package fairslot.catalog.domain;

import fairslot.kernel.Money;
import java.util.Optional;
import java.util.Set;

/**
 * What a take of a slot's seats is conditioned on, as values: the slot, the booking taking them,
 * how many, the slots sharing its space as the booking read them, the venue policy revision it was
 * made under, and the unit price it was sold at (empty when paid with credits, which a money price
 * does not bind).
 */
public record SeatTake(
    String slotId,
    String bookingId,
    int quantity,
    Set<String> counterparts,
    long policyRev,
    Optional<Money> unitPrice) {}
