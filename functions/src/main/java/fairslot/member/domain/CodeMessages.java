package fairslot.member.domain;

import fairslot.kernel.MessageText;

/** The words of a verification code, in the member's locale (English for any other). */
public final class CodeMessages {
  private CodeMessages() {}

  public static MessageText render(String locale, String code) {
    long minutes = ContactCode.LIFETIME.toMinutes();
    if ("zh-CN".equals(locale)) {
      return new MessageText(
          "fairslot 验证码：" + code,
          "您的 fairslot 验证码是 " + code + "，" + minutes + " 分钟内有效。如非本人操作，请忽略。");
    }
    return new MessageText(
        "Your fairslot code: " + code,
        "Your fairslot code is "
            + code
            + ". It expires in "
            + minutes
            + " minutes. If you did not ask for it, ignore this message.");
  }
}
