package fairslot.notification.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.domain.Channel;
import java.time.Instant;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.AlphaChars;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.StringLength;

/** A notification id reads back as the delivery it was made from; anything else reads as none. */
class DeliveryIdProperties {

  @Property(tries = 300)
  void anIdReadsBackAsItsDelivery(
      @ForAll @StringLength(min = 1, max = 40) String userId,
      @ForAll @AlphaChars @StringLength(min = 1, max = 36) String slotId,
      @ForAll Notification.Kind kind,
      @ForAll @AlphaChars @StringLength(min = 1, max = 36) String ref,
      @ForAll Channel channel,
      @ForAll @LongRange(min = 0, max = 4_102_444_800_000L) long millis) {
    if (userId.contains("\n")) {
      return; // ids are issued tokens' subjects: no line breaks
    }
    var id =
        new Delivery.Id(
            new Notification(userId, slotId, kind, ref), channel, Instant.ofEpochMilli(millis));

    assertThat(Delivery.Id.decode(id.encode())).contains(id);
    assertThat(id.encode()).matches("[A-Za-z0-9_-]+");
  }

  /** A made-up id is a 404, never a 500: reading any text gives an answer, not an exception. */
  @Property(tries = 500)
  void readingAnyTextNeverThrows(@ForAll @StringLength(max = 80) String text) {
    assertThat(Delivery.Id.decode(text)).isNotNull();
  }

  @org.junit.jupiter.api.Test
  void wellFormedBase64ThatIsNotOurShapeReadsAsNone() {
    assertThat(Delivery.Id.decode("bm90LWFuLWlk")).isEmpty(); // "not-an-id"
    assertThat(Delivery.Id.decode("dQpzCk5PUEUKcgpFTUFJTAox")).isEmpty(); // an unknown kind
  }
}
