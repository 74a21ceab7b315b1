package aid

import (
	"context"

	"zhdj/internal/platform/httpx"
	"zhdj/internal/platform/money"
)

// checkThreshold is the setting's rule (system.CheckSetting): an amount in 元.
func checkThreshold(v string) string {
	if f, ok := money.Parse(v); !ok || f <= 0 || f > maxFen {
		return "请输入帮扶金审批额度（0.01 至 100,000.00 元）"
	}
	return ""
}

// threshold is the amount above which money needs the 组织部.
func (s *Service) threshold(ctx context.Context) (money.Fen, error) {
	f, ok := money.Parse(s.sys.Setting(ctx, CfgThreshold))
	if !ok || f <= 0 {
		f, _ = money.Parse(DefaultThreshold)
	}
	return f, nil
}

// Threshold is the approval threshold as the page shows it.
type Threshold struct {
	Amount string    `json:"amount"` // 元, grouped
	Fen    money.Fen `json:"fen"`
}

// ThresholdInfo is GET /api/dybf/threshold.
func (s *Service) ThresholdInfo(ctx context.Context) (Threshold, error) {
	f, err := s.threshold(ctx)
	if err != nil {
		return Threshold{}, httpx.AsError(err)
	}
	return Threshold{Amount: f.Grouped(), Fen: f}, nil
}
