package fairslot.kernel;

import java.util.Currency;
import java.util.OptionalInt;

/**
 * ISO 4217 currencies by their minor-unit exponent (API.md v1.3): JPY and KRW have none, BHD, JOD,
 * KWD, OMR and TND three, most two. Amounts are always integers of the minor unit; the exponent
 * says where the point goes when one is shown. A code that names no currency one can be charged in
 * (a typo, or XXX and the metals, which have no minor unit) is refused where prices are set.
 */
public final class Currencies {
  private Currencies() {}

  /** The exponent of {@code code}, or empty when it is no ISO 4217 currency one can charge in. */
  public static OptionalInt exponent(String code) {
    if (code == null || !code.matches("[A-Z]{3}")) {
      return OptionalInt.empty();
    }
    try {
      int digits = Currency.getInstance(code).getDefaultFractionDigits();
      return digits < 0 ? OptionalInt.empty() : OptionalInt.of(digits);
    } catch (IllegalArgumentException unknown) {
      return OptionalInt.empty();
    }
  }

  public static boolean isChargeable(String code) {
    return exponent(code).isPresent();
  }
}
