package fairslot.member.app;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.handler.internal.CalendarKey;
import fairslot.memory.MemoryCalendarFeedStore;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Feed tokens on the fake: each opens its own member's feed only, until it is rotated away. */
class CalendarFeedsTest {
  private static final byte[] KEY =
      "a-calendar-key-of-at-least-32-bytes-long".getBytes(StandardCharsets.UTF_8);
  private final CalendarFeeds feeds =
      new CalendarFeeds(new MemoryCalendarFeedStore(), new CalendarKey(KEY));

  @Test
  void aTokenOpensItsMembersFeedUntilItIsRotated() {
    String ann = feeds.token("ann");
    assertThat(feeds.token("ann")).as("asking again gives the same").isEqualTo(ann);
    assertThat(feeds.member(ann)).contains("ann");

    String fresh = feeds.rotate("ann");
    assertThat(fresh).isNotEqualTo(ann);
    assertThat(feeds.member(ann)).as("the old URL").isEmpty();
    assertThat(feeds.member(fresh)).contains("ann");
    assertThat(feeds.token("ann")).isEqualTo(fresh);
  }

  @Test
  void forgedAndEditedTokensOpenNothing() {
    String ann = feeds.token("ann");
    feeds.token("bob");
    String tag = ann.substring(ann.indexOf('.') + 1);
    String bobWithAnnsTag =
        Base64.getUrlEncoder().withoutPadding().encodeToString("bob".getBytes()) + "." + tag;
    CalendarFeeds otherDeployment =
        new CalendarFeeds(
            new MemoryCalendarFeedStore(),
            new CalendarKey(
                "another-deployment-key-of-32-bytes-or-more".getBytes(StandardCharsets.UTF_8)));
    otherDeployment.token("ann");
    for (String forged :
        List.of(
            bobWithAnnsTag,
            ann.substring(0, ann.length() - 2) + (ann.endsWith("A") ? "BB" : "AA"),
            ann + ".x",
            "." + tag,
            "nobody",
            "",
            "%%%.%%%",
            otherDeployment.token("ann"))) {
      assertThat(feeds.member(forged)).as(forged).isEmpty();
    }
    assertThat(feeds.member(feeds.token("never-asked-before"))).contains("never-asked-before");
  }
}
