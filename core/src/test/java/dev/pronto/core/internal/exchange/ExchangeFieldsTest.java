package dev.pronto.core.internal.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * {@link Exchange} holds no protocol's state: a protocol keeps what it needs in the exchange's
 * {@link ExchangeSlot}, made by its carrier. Read as structure: no field is typed by a protocol package
 * or named after a protocol or its framing (stream ids, queue links, parked output). Its state is its
 * package's: no field is public and mutable (carriers go through the methods {@link ExchangeState} lists).
 */
class ExchangeFieldsTest {
    private static final Pattern PROTOCOL_NAME = Pattern.compile(
            "(?i)^(h1|h2|h3|http[123]|teleport|ws|websocket|grpc|quic).*|^(streamId|direct|out\\d*|held|next|prev)$");
    private static final Pattern PROTOCOL_PACKAGE = Pattern.compile(
            "^dev\\.pronto\\.core\\.internal\\.(http1|http2|websocket|teleport)\\..*");
    private static final List<Field> FIELDS = Arrays.asList(Exchange.class.getDeclaredFields());

    @Test
    void noFieldIsNamedAfterAProtocol() {
        assertThat(FIELDS).filteredOn(f -> PROTOCOL_NAME.matcher(f.getName()).matches()).isEmpty();
    }

    @Test
    void noFieldIsTypedByAProtocolPackage() {
        assertThat(FIELDS).filteredOn(f -> PROTOCOL_PACKAGE.matcher(f.getType().getName()).matches()).isEmpty();
    }

    @Test
    void noFieldIsPublicAndMutable() {
        assertThat(FIELDS).filteredOn(f -> Modifier.isPublic(f.getModifiers()) && !Modifier.isFinal(f.getModifiers()))
                .extracting(Field::getName).isEmpty();
    }

    @Test
    void protocolStateHasExactlyOnePlace() {
        assertThat(FIELDS).filteredOn(f -> f.getType() == ExchangeSlot.class).extracting(Field::getName)
                .containsExactly("slot");
    }
}
