package fairslot.money.domain;

import fairslot.kernel.Money;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/**
 * Money that needs a person (v1.1 "Finance"): a refund given up, a payment of the wrong amount, a
 * late payment refunded, a callback for a payment we do not know. Written in the transaction of the
 * event that caused it, under an id derived from that event, so a replayed event can never write a
 * second one.
 */
public record FinanceException(
    String exceptionId,
    Kind kind,
    Optional<String> venueId,
    Optional<String> bookingId,
    Optional<String> paymentNo,
    Money amount,
    Instant createdAt,
    Status status,
    Optional<Resolution> resolution,
    Optional<String> note,
    Optional<String> resolvedBy,
    Optional<String> refundNo,
    Optional<Dispute> dispute,
    Optional<String> providerCode) {

  /**
   * A payer's dispute with their bank: the provider's id, the bank's reason, and when the evidence
   * is due (after that the venue cannot answer it).
   */
  public record Dispute(String disputeId, String reason, Optional<Instant> evidenceDueBy) {}

  /** This exception about the dispute {@code d}. */
  public FinanceException aboutDispute(Dispute d) {
    return withDetails(refundNo, Optional.of(d), providerCode);
  }

  /** This exception with the code the provider refused with (a refund's PARAM_ERROR, ...). */
  public FinanceException withProviderCode(String code) {
    return withDetails(refundNo, dispute, Optional.of(code));
  }

  /**
   * The same exception about one refund of its payment ({@code refundNo}): set when the refund is a
   * part of the payment (a reschedule's difference), so finance retries or closes that part.
   */
  public FinanceException aboutRefund(String number) {
    return withDetails(Optional.of(number), dispute, providerCode);
  }

  /** This exception with what it is about in detail: the refund part, the dispute, the code. */
  private FinanceException withDetails(
      Optional<String> refund, Optional<Dispute> about, Optional<String> code) {
    return new FinanceException(
        exceptionId,
        kind,
        venueId,
        bookingId,
        paymentNo,
        amount,
        createdAt,
        status,
        resolution,
        note,
        resolvedBy,
        refund,
        about,
        code);
  }

  public enum Kind {
    REFUND_FAILED,
    AMOUNT_MISMATCH,
    LATE_PAYMENT_REFUNDED,
    UNKNOWN_PAYMENT,
    /** A success reported after the provider had reported the same payment FAILED. */
    SUCCESS_AFTER_FAILURE,
    /** An outcome that contradicts the payment's state (a refund nobody asked for, ...). */
    OUTCOME_NOT_APPLIED,
    /** The provider could not pay a refund back (WeChat ABNORMAL): refund it by hand. */
    REFUND_ABNORMAL,
    /** A line of the provider's statement that fairslot's payments do not account for. */
    STATEMENT_MISMATCH,
    /**
     * A refund the provider keeps refusing for now (the merchant's balance is short, ...) for a
     * day: it is still asked for, under the same number; finance may top the balance up.
     */
    REFUND_DELAYED,
    /** The provider holds a refund until the payer acts (gives bank details): reach the payer. */
    REFUND_ACTION_REQUIRED,
    /** A payer disputed a payment with their bank: the money is withdrawn until it is decided. */
    DISPUTE_OPENED,
    /** The bank decided for the venue: the money came back; resolved by itself. */
    DISPUTE_WON,
    /** The bank decided for the payer: the money is gone; the booking shows it as disputed. */
    DISPUTE_LOST
  }

  public enum Status {
    OPEN,
    RESOLVED
  }

  /** How finance closed it; REFUND_RETRIED is written by retry-refund. */
  public enum Resolution {
    REFUNDED_OFFLINE,
    WRITTEN_OFF,
    NO_ACTION,
    REFUND_RETRIED,
    /** An ABNORMAL refund sent to another account (apply-abnormal-refund): processed again. */
    ABNORMAL_REFUND_APPLIED,
    /** The provider closed it (a dispute decided): nothing is left for finance to do. */
    CLOSED_BY_PROVIDER
  }

  /** A pass payment that succeeded after its failure: no booking, the venue's, the whole amount. */
  public static FinanceException passSuccessAfterFailure(
      String eventId, String venueId, String paymentNo, Money amount, Instant at) {
    return open(
        Kind.SUCCESS_AFTER_FAILURE,
        eventId,
        Optional.of(venueId),
        Optional.empty(),
        Optional.of(paymentNo),
        amount,
        at);
  }

  /** The id of the exception {@code kind} caused by event {@code eventId}: the same every time. */
  public static String idFor(Kind kind, String eventId) {
    return UUID.nameUUIDFromBytes((kind + "|" + eventId).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  public static FinanceException open(
      Kind kind,
      String eventId,
      Optional<String> venueId,
      Optional<String> bookingId,
      Optional<String> paymentNo,
      Money amount,
      Instant at) {
    return new FinanceException(
        idFor(kind, eventId),
        kind,
        venueId,
        bookingId,
        paymentNo,
        amount,
        at,
        Status.OPEN,
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty(),
        Optional.empty());
  }

  public FinanceException resolved(Resolution how, String note, String by) {
    return new FinanceException(
        exceptionId,
        kind,
        venueId,
        bookingId,
        paymentNo,
        amount,
        createdAt,
        Status.RESOLVED,
        Optional.of(how),
        Optional.of(note),
        Optional.of(by),
        refundNo,
        dispute,
        providerCode);
  }
}
