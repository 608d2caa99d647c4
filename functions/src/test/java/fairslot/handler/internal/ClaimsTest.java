package fairslot.handler.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Group claims grant exact group names only, in the two shapes that arrive. */
class ClaimsTest {
  @Test
  void apiGatewaysFlattenedArrayIsSplitOnWhiteSpaceOnly() {
    assertThat(Claims.groups("[admin frontdesk]")).containsExactlyInAnyOrder("admin", "frontdesk");
    assertThat(Claims.groups("[customer]")).containsExactly("customer");
  }

  @Test
  void aJsonArrayGivesItsStringsExactly() {
    assertThat(Claims.groups("[\"admin\",\"frontdesk\"]"))
        .containsExactlyInAnyOrder("admin", "frontdesk");
  }

  @Test
  void aGroupNamedWithACommaGrantsNotTheGroupsInsideIt() {
    assertThat(Claims.groups("[ops,admin]")).containsExactly("ops,admin");
    assertThat(Claims.groups("[\"ops,admin\"]")).containsExactly("ops,admin");
  }

  @Test
  void quotesAndSpacesInsideAJsonNameAreKeptSoTheyGrantNothingElse() {
    assertThat(Claims.groups("[\"x admin\"]")).containsExactly("x admin");
    assertThat(Claims.groups("[\"admin\" x]")).doesNotContain("admin");
    assertThat(Claims.groups("[\"admin]")).doesNotContain("admin");
  }

  @Test
  void anythingThatIsNotAnArrayGrantsNoGroup() {
    assertThat(Claims.groups("admin")).isEmpty();
    assertThat(Claims.groups("admin,finance")).isEmpty();
    assertThat(Claims.groups("[1, 2]")).doesNotContain("admin");
    assertThat(Claims.groups("")).isEmpty();
    assertThat(Claims.groups(null)).isEmpty();
  }
}
