package fairslot.money.domain;

import java.util.Optional;

/**
 * Where an ABNORMAL WeChat refund goes instead (申请退款异常处理, API.md v1.3): to a bank card of the
 * payer's ({@code USER_BANK_CARD}, with the card's bank, number and holder, which are encrypted for
 * WeChat and never stored) or to the merchant's own bank account ({@code MERCHANT_BANK_CARD}).
 */
public record AbnormalRefund(Type type, Optional<BankCard> card) {
  public enum Type {
    USER_BANK_CARD,
    MERCHANT_BANK_CARD
  }

  public record BankCard(String bankType, String bankAccount, String realName) {
    @Override
    public String toString() {
      return "BankCard[" + bankType + ", ****]"; // never the number or the name, in any log
    }
  }

  public AbnormalRefund {
    if (type == Type.USER_BANK_CARD && card.isEmpty()) {
      throw new IllegalArgumentException("a refund to the payer's card needs the card");
    }
  }
}
