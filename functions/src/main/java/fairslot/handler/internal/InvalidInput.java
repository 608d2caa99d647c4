package fairslot.handler.internal;

import fairslot.kernel.Refusal;

/**
 * Bad input found while reading a request. Thrown only by request parsing and caught at the
 * handler's edge, so it never crosses into the application and never reaches the booking hot path.
 */
public final class InvalidInput extends RuntimeException {
  private final Refusal refusal;
  private final int status;

  public InvalidInput(Refusal refusal, int status, String detail) {
    super(detail, null, false, false);
    this.refusal = refusal;
    this.status = status;
  }

  public static InvalidInput unprocessable(String detail) {
    return new InvalidInput(Refusal.INVALID_REQUEST, 422, detail);
  }

  public static InvalidInput malformed(String detail) {
    return new InvalidInput(Refusal.INVALID_REQUEST, 400, detail);
  }

  public Refusal refusal() {
    return refusal;
  }

  public int status() {
    return status;
  }
}
