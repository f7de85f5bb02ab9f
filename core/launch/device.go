// device.go: a prepared launch described as a real GPU's driver takes it
// (cuLaunchKernelEx's kernelParams, cuTensorMapEncodeTiled's arguments), so
// that cmd/gpucheck can run the same kernel, inputs and launch on hardware
// and compare what ptxplay computes with what the GPU computes.
package launch

import "github.com/ptxplay/ptxplay/core/sim"

// DeviceParam is one kernel parameter, in declaration order.
type DeviceParam struct {
	Name  string
	Bytes []byte // the parameter's bytes as ptxplay laid them out (scalars; addresses are ptxplay's)

	// Buffer names the buffer whose address the parameter holds ("" when
	// it holds none); a driver puts the device address there instead.
	Buffer string

	// TensorMap is set when the parameter holds a tensor map (Inline) or
	// the address of one in global memory; a driver encodes its own.
	TensorMap *DeviceTensorMap
}

// DeviceTensorMap is a tensor map argument bound to its buffer.
type DeviceTensorMap struct {
	Buffer string
	Map    sim.TensorMap // Addr is ptxplay's address of Buffer; the other fields as cuTensorMapEncodeTiled takes them
	Inline bool
}

// DeviceParams returns the parameters of the launch Prepare made (nil
// before it ran). The buffers' inputs are Result.Buffers' Data until the
// run's Collect replaces them.
func (r *Result) DeviceParams() []DeviceParam { return r.device }
