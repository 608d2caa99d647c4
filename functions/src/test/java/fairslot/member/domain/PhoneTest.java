package fairslot.member.domain;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PhoneTest {

  @Test
  void theSameNumberTypedDifferentlyNormalizesToOneValue() {
    assertThat(Phone.parse("+86 138-0013-8000")).contains(new Phone("+8613800138000"));
    assertThat(Phone.parse("0086 (138) 0013 8000")).contains(new Phone("+8613800138000"));
    assertThat(Phone.parse(" +86.138.0013.8000 ")).contains(new Phone("+8613800138000"));
  }

  @Test
  void lettersTooFewOrTooManyDigitsAreNotAPhoneNumber() {
    assertThat(Phone.parse("call me")).isEmpty();
    assertThat(Phone.parse("12345")).isEmpty();
    assertThat(Phone.parse("+1234567890123456")).isEmpty();
    assertThat(Phone.parse("+86 138 0013 800x")).isEmpty();
  }
}
