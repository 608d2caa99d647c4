package fairslot.payment.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

class PayerDescriptionTest {
  private static final ZoneId SHANGHAI = ZoneId.of("Asia/Shanghai");
  private static final Instant START = Instant.parse("2026-12-08T10:00:00Z");

  @Test
  void aBookingReadsVenueResourceAndTheStartInTheVenuesZone() {
    PayerDescription d = PayerDescription.ofBooking("Court hall", "Court 1", START, SHANGHAI);

    assertThat(d.text()).isEqualTo("Court hall · Court 1 · 12-08 18:00");
    assertThat(d.statementSuffix()).isEqualTo("COURT HALL");
  }

  @Test
  void longChineseNamesAreShortenedToWechats127BytesKeepingTheTimeAndWholeCharacters() {
    String venue = "上海市徐汇区体育中心羽毛球馆".repeat(4);
    String resource = "一号场地（靠窗）".repeat(4);

    PayerDescription d = PayerDescription.ofBooking(venue, resource, START, SHANGHAI);

    assertThat(d.text().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(127);
    assertThat(d.text()).endsWith(" · 12-08 18:00").startsWith("上海市徐汇区").contains(" · 一号场地");
    assertThat(d.text()).doesNotContain("\uFFFD");
    assertThat(d.statementSuffix()).as("no Latin letter in the name").isEqualTo("SLOT");
  }

  @Test
  void theStatementSuffixIsLatinAtMostTenCharactersWithALetter() {
    assertThat(
            PayerDescription.ofBooking("Café <Olé> \"Arena\" * 24h", "c", START, SHANGHAI)
                .statementSuffix())
        .isEqualTo("CAFE OLE A");
    assertThat(PayerDescription.ofBooking("2046", "c", START, SHANGHAI).statementSuffix())
        .isEqualTo("SLOT");
    assertThat(PayerDescription.ofPass("星光健身", "10次卡").statementSuffix()).isEqualTo("PASS");
    assertThat(PayerDescription.ofPass("星光健身", "10次卡").text()).isEqualTo("星光健身 · 10次卡");
  }
}
