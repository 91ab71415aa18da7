// See include/CJQ.h: libjq, opened with dlopen when a --jq filter is first compiled.
#include "CJQ.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// Every libjq function the tools use: F for those that return a value, P for those that return nothing.
#define TVM_JQ_FUNCTIONS(F, P) \
    F(jq_state *, jq_init, (void), ()) \
    P(jq_teardown, (jq_state * *state), (state)) \
    F(int, jq_compile_args, (jq_state * state, const char *program, jv arguments), (state, program, arguments)) \
    P(jq_set_attr, (jq_state * state, jv name, jv value), (state, name, value)) \
    P(jq_set_error_cb, (jq_state * state, jq_msg_cb callback, void *context), (state, callback, context)) \
    P(jq_set_input_cb, (jq_state * state, jq_input_cb callback, void *context), (state, callback, context)) \
    P(jq_set_debug_cb, (jq_state * state, jq_msg_cb callback, void *context), (state, callback, context)) \
    P(jq_start, (jq_state * state, jv value, int flags), (state, value, flags)) \
    F(jv, jq_next, (jq_state * state), (state)) \
    F(int, jq_halted, (jq_state * state), (state)) \
    P(jq_halt, (jq_state * state, jv exit_code, jv error_message), (state, exit_code, error_message)) \
    F(jv, jq_get_exit_code, (jq_state * state), (state)) \
    F(jv, jq_get_error_message, (jq_state * state), (state)) \
    P(jv_free, (jv value), (value)) \
    F(jv, jv_copy, (jv value), (value)) \
    F(jv_kind, jv_get_kind, (jv value), (value)) \
    F(jv, jv_null, (void), ()) \
    F(jv, jv_invalid, (void), ()) \
    F(int, jv_invalid_has_msg, (jv value), (value)) \
    F(jv, jv_invalid_get_msg, (jv value), (value)) \
    F(jv, jv_array, (void), ()) \
    F(jv, jv_array_append, (jv array, jv value), (array, value)) \
    F(jv, jv_object, (void), ()) \
    F(jv, jv_object_set, (jv object, jv key, jv value), (object, key, value)) \
    F(jv, jv_string, (const char *text), (text)) \
    F(jv, jv_string_sized, (const char *text, int length), (text, length)) \
    F(const char *, jv_string_value, (jv value), (value)) \
    F(int, jv_string_length_bytes, (jv value), (value)) \
    F(double, jv_number_value, (jv value), (value)) \
    F(jv, jv_parse_sized, (const char *text, int length), (text, length)) \
    F(jv, jv_dump_string, (jv value, int flags), (value, flags))

#define TVM_POINTER(type, name, parameters, arguments) static type(*loaded_##name) parameters;
#define TVM_VOID_POINTER(name, parameters, arguments) static void(*loaded_##name) parameters;
TVM_JQ_FUNCTIONS(TVM_POINTER, TVM_VOID_POINTER)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char message[1024];

static void load(void) {
    const char *library = getenv("TVM_LIBJQ");
    if (library == NULL || library[0] == '\0') library = "libjq.so.1";
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(message, sizeof message, "%s", dlerror());
        failure = message;
        return;
    }
#define TVM_RESOLVE(name)                                                                      \
    *(void **)(&loaded_##name) = dlsym(handle, #name);                                         \
    if (loaded_##name == NULL) {                                                               \
        snprintf(message, sizeof message, "%s is not libjq 1.6 or later: it has no %s", library, #name); \
        failure = message;                                                                     \
        return;                                                                                \
    }
#define TVM_RESOLVE_VALUE(type, name, parameters, arguments) TVM_RESOLVE(name)
#define TVM_RESOLVE_VOID(name, parameters, arguments) TVM_RESOLVE(name)
    TVM_JQ_FUNCTIONS(TVM_RESOLVE_VALUE, TVM_RESOLVE_VOID)
}

const char *tvm_jq_load(void) {
    pthread_once(&once, load);
    return failure;
}

// Calling before tvm_jq_load() succeeded is a programming error: say so rather than jump to address 0.
static void unloaded(const char *name) {
    fprintf(stderr, "tvm: internal error: %s called before libjq was loaded\n", name);
    abort();
}

#define TVM_FORWARD(type, name, parameters, arguments) \
    type tvm_##name parameters {                         \
        if (loaded_##name == NULL) unloaded(#name);      \
        return loaded_##name arguments;                  \
    }
#define TVM_FORWARD_VOID(name, parameters, arguments) \
    void tvm_##name parameters {                        \
        if (loaded_##name == NULL) unloaded(#name);     \
        loaded_##name arguments;                        \
    }
TVM_JQ_FUNCTIONS(TVM_FORWARD, TVM_FORWARD_VOID)
