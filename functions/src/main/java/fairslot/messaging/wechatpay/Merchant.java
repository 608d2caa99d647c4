package fairslot.messaging.wechatpay;

import com.wechat.pay.java.core.auth.Credential;
import com.wechat.pay.java.core.auth.WechatPay2Credential;
import com.wechat.pay.java.core.cipher.PrivacyDecryptor;
import com.wechat.pay.java.core.cipher.RSAPrivacyDecryptor;
import com.wechat.pay.java.core.cipher.RSASigner;
import com.wechat.pay.java.core.cipher.Signer;
import com.wechat.pay.java.core.util.PemUtil;
import java.security.PrivateKey;

/** The merchant's side of the SDK: its API key signs requests and paySign, and decrypts. */
record Merchant(Signer signer, Credential credential, PrivacyDecryptor decryptor) {
  static Merchant of(WechatPayConfig config) {
    PrivateKey key = PemUtil.loadPrivateKeyFromString(config.merchantKey());
    Signer signer = new RSASigner(config.merchantSerial(), key);
    return new Merchant(
        signer, new WechatPay2Credential(config.mchId(), signer), new RSAPrivacyDecryptor(key));
  }
}
