package fairslot.handler;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.internal.HttpResponse;
import fairslot.testing.ApiDriver;
import fairslot.testing.Aws;
import fairslot.testing.SeatLedger;
import java.util.List;
import org.junit.jupiter.api.Test;

class SnapStartPrimingIT {
  private final ApiDriver api = new ApiDriver("priming");

  @Test
  void primingRunsTheReadAndBookingPathsAgainstTheTableAndWritesNothing() {
    api.openSlot("SEATS", 3, 100);
    int before = SeatLedger.itemCount(Aws.dynamo(), api.table);

    List<HttpResponse> answers = new HttpApiHandler(api.wiring.httpApi()).prime();

    assertThat(answers).extracting(HttpResponse::status).containsExactly(404, 404);
    assertThat(answers).allSatisfy(r -> assertThat(r.body()).contains("\"code\":\"not_found\""));
    assertThat(SeatLedger.itemCount(Aws.dynamo(), api.table)).isEqualTo(before);
  }
}
