package fairslot.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class CurrenciesTest {
  @Test
  void exponentsAreIso4217s() {
    assertThat(Currencies.exponent("CNY")).hasValue(2);
    assertThat(Currencies.exponent("USD")).hasValue(2);
    for (String none : new String[] {"JPY", "KRW"}) {
      assertThat(Currencies.exponent(none)).as(none).hasValue(0);
    }
    for (String three : new String[] {"BHD", "JOD", "KWD", "OMR", "TND"}) {
      assertThat(Currencies.exponent(three)).as(three).hasValue(3);
    }
  }

  @Test
  void aCodeNoOneCanBeChargedInIsNoCurrency() {
    for (String bad : new String[] {"ABC", "XXX", "XAU", "usd", "US", "USDT", "", null}) {
      assertThat(Currencies.exponent(bad)).as(String.valueOf(bad)).isEqualTo(OptionalInt.empty());
    }
  }
}
