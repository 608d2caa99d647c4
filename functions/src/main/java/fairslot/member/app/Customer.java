package fairslot.member.app;

import fairslot.kernel.IdGenerator;
import fairslot.member.domain.CustomerProfile;
import fairslot.member.domain.Phone;

/** Who a walk-in sale at the desk is for: a member's account, or a customer known by phone. */
public sealed interface Customer {
  record Account(String userId) implements Customer {}

  record ByPhone(Phone phone, String name) implements Customer {}

  /**
   * The account a desk customer is: a member's own, or the profile keyed by their phone (made the
   * first time, reused after).
   */
  static String userIdOf(Customer customer, CustomerProfileStore profiles, IdGenerator ids) {
    if (customer instanceof ByPhone byPhone) {
      return profiles
          .findOrCreate(new CustomerProfile(ids.newId(), byPhone.phone(), byPhone.name()))
          .customerId();
    }
    return ((Account) customer).userId();
  }
}
