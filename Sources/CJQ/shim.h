// Debian's libjq-dev 1.6: jq.h pulls in jv.h. No pkg-config file exists for 1.6,
// so the module map links "jq" directly.
#include <jq.h>
