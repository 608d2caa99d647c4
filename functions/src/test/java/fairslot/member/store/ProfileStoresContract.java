package fairslot.member.store;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.member.app.CustomerProfileStore;
import fairslot.member.app.MemberProfileStore;
import fairslot.member.app.MemberProfileStore.SaveResult;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.MemberProfile;
import fairslot.member.domain.Phone;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the two profile stores must do, port by port: on the in-memory fakes
 * (MemoryProfileStoresTest) and on the DynamoDB adapters against moto (DynamoDbProfileStoresIT) and
 * dynoxide (DynoxideProfileStoresIT). A member's profile is written only over the version read; a
 * phone has one walk-in profile however many desks create it at once.
 */
public abstract class ProfileStoresContract {

  protected record Stores(MemberProfileStore members, CustomerProfileStore walkIns) {}

  protected abstract Stores fresh();

  private Stores stores;
  private Phone phone;

  @BeforeEach
  void setUp() {
    stores = fresh();
    phone =
        Phone.parse(
                "+86138" + (10_000_000 + Math.floorMod(UUID.randomUUID().hashCode(), 89_999_999)))
            .orElseThrow();
  }

  @Test
  void anUnknownMembersProfileIsBlankAndASaveOverItIsKept() {
    MemberProfile blank = stores.members().profile("m-1");
    MemberProfile next =
        blank.changed(Optional.of("Li Lei"), Optional.empty(), Optional.empty(), Set.of(), "zh-CN");

    assertThat(blank.version()).isZero();
    assertThat(stores.members().save(blank, next)).isEqualTo(SaveResult.SAVED);
    MemberProfile read = stores.members().profile("m-1");
    assertThat(read.name()).contains("Li Lei");
    assertThat(read.locale()).isEqualTo("zh-CN");
    assertThat(read.version()).isEqualTo(next.version());
  }

  @Test
  void aSaveOverAProfileWrittenSinceItWasReadIsRefusedAndWritesNothing() {
    MemberProfile seen = stores.members().profile("m-2");
    MemberProfile first =
        seen.changed(Optional.of("first"), Optional.empty(), Optional.empty(), Set.of(), "en");
    MemberProfile second =
        seen.changed(Optional.of("second"), Optional.empty(), Optional.empty(), Set.of(), "zh-CN");

    assertThat(stores.members().save(seen, first)).isEqualTo(SaveResult.SAVED);
    assertThat(stores.members().save(seen, second)).isEqualTo(SaveResult.MOVED);
    MemberProfile read = stores.members().profile("m-2");
    assertThat(read.name()).contains("first");
    assertThat(read.locale()).isEqualTo("en");
  }

  @Test
  void nobodyHasProvedAPhoneNobodyConfirmed() {
    assertThat(stores.members().accountOf(phone)).isEmpty();
    assertThat(stores.members().linkedAccount("no-such-customer")).isEmpty();
  }

  @Test
  void aWalkInIsFoundByPhoneAndCreatedOnce() {
    CustomerProfile made = stores.walkIns().findOrCreate(new CustomerProfile("c-1", phone, "Han"));
    CustomerProfile again =
        stores.walkIns().findOrCreate(new CustomerProfile("c-2", phone, "Someone else"));

    assertThat(made.customerId()).isEqualTo("c-1");
    assertThat(again.customerId()).isEqualTo("c-1");
    assertThat(again.name()).isEqualTo("Han");
    assertThat(stores.walkIns().findByPhone(phone)).contains(made);
  }

  @Test
  void desksRacingToCreateOnePhonesWalkInAllGetTheSameProfile() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Callable<CustomerProfile>> desks =
          IntStream.range(0, 32)
              .<Callable<CustomerProfile>>mapToObj(
                  i ->
                      () ->
                          stores
                              .walkIns()
                              .findOrCreate(new CustomerProfile("c-" + i, phone, "desk " + i)))
              .toList();
      List<String> ids = new ArrayList<>();
      for (Future<CustomerProfile> f : pool.invokeAll(desks)) {
        ids.add(f.get().customerId());
      }
      assertThat(ids).hasSize(32);
      assertThat(Set.copyOf(ids)).hasSize(1);
      assertThat(stores.walkIns().findByPhone(phone).map(CustomerProfile::customerId))
          .contains(ids.get(0));
    } finally {
      pool.shutdownNow();
    }
  }
}
