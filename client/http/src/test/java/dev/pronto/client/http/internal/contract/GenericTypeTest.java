package dev.pronto.client.http.internal.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The generated clients' generic types meet the JDK's in a codec's cache: same equality, same hash. */
class GenericTypeTest {
    /** Captures a type argument the way type-token libraries do. */
    private abstract static class Ref<T> {
        Type type() {
            return ((ParameterizedType) getClass().getGenericSuperclass()).getActualTypeArguments()[0];
        }
    }

    @Test
    void equalsAndHashesLikeTheJdksParameterizedType() {
        Type jdk = new Ref<Map<String, List<Integer>>>() { }.type();
        Type ours = new GenericType(Map.class, new Type[] {String.class, new GenericType(List.class, new Type[] {Integer.class})});

        assertThat(ours).isEqualTo(jdk);
        assertThat(jdk).isEqualTo(ours);
        assertThat(ours.hashCode()).isEqualTo(jdk.hashCode());
        assertThat(ours.getTypeName()).isEqualTo(jdk.getTypeName());
    }
}
